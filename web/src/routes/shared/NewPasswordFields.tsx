import { PASSWORD_HINT, TextField } from '../../ui/fields';

/** The new login password typed twice, as the first-time and the ordinary change of one's own password ask it. */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  onNewPassword,
  onConfirmPassword,
}: {
  newPassword: string;
  confirmPassword: string;
  onNewPassword: (v: string) => void;
  onConfirmPassword: (v: string) => void;
}) {
  return (
    <>
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onValue={onNewPassword}
        hint={PASSWORD_HINT}
      />
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onValue={onConfirmPassword}
      />
    </>
  );
}
