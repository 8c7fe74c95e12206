import type { InputHTMLAttributes, ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
}

/** A labelled input with an optional hint under it. */
export function TextField({ label, value, onValue, hint, className, ...input }: TextFieldProps) {
  return (
    <label className={className ? `field ${className}` : 'field'}>
      <span>{label}</span>
      <input {...input} value={value} onChange={(e) => onValue(e.target.value)} />
      {hint !== undefined && <small className="field-hint">{hint}</small>}
    </label>
  );
}

/** A labelled select over fixed options, its value typed as the options' values. */
export function SelectField<T extends string>({
  label,
  name,
  value,
  options,
  onValue,
  className,
}: {
  label: string;
  name: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onValue: (value: T) => void;
  className?: string;
}) {
  return (
    <label className={className ? `field ${className}` : 'field'}>
      <span>{label}</span>
      <select name={name} value={value} onChange={(e) => onValue(e.target.value as T)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A rupee amount typed as text, sent to the server as typed so it parses it exactly. */
export function AmountField(props: Omit<TextFieldProps, 'inputMode' | 'autoComplete'>) {
  return (
    <TextField
      {...props}
      className={props.className ? `${props.className} amount-field` : 'amount-field'}
      inputMode="decimal"
      autoComplete="off"
      placeholder={props.placeholder ?? '0.00'}
    />
  );
}

/** The actor's transaction password, asked by every money and access action. */
export function TransactionPasswordField({
  value,
  onValue,
  name = 'transactionPassword',
  label = 'Transaction password',
}: {
  value: string;
  onValue: (v: string) => void;
  name?: string;
  label?: string;
}) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="off"
      value={value}
      onValue={onValue}
      className="txn-field"
    />
  );
}

export function FormError({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

export const PASSWORD_HINT = 'At least 8 characters, with a letter and a digit.';
