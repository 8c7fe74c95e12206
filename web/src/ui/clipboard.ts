import { showErrorToast, showSuccessToast } from './toasts';

/** Copies text and says so with SPEC.md's wording ('Copied succesfull', sic). */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older browsers and pages without clipboard permission: the selection-based copy still works.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) {
      showErrorToast('Could not copy; select the text and copy it by hand');
      return;
    }
  }
  showSuccessToast('Copied succesfull');
}
