/** The error a form control shows, as a reader hears it: the `field__error` text its
 * aria-describedby points at while it is marked invalid; null when it shows none. */
export function errorOf(control: HTMLElement): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const texts = ids
    .map((id) => document.getElementById(id))
    .filter((element) => element?.classList.contains('field__error'))
    .map((element) => element?.textContent ?? '');
  return texts.length > 0 ? texts.join(' ') : null;
}
