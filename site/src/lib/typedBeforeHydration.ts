/**
 * Text typed into a server-rendered form before its island hydrated (issue 35). React leaves it in the page
 * while hydrating, but the island's state is still empty and its next render writes that back over the
 * fields. Called from the island's first effect, it hands each named field's text to its state's setter.
 */
export function adoptTypedValues(
  form: HTMLFormElement | null,
  setters: Record<string, (value: string) => void>,
): void {
  if (!form) return;
  for (const [name, set] of Object.entries(setters)) {
    const field = form.elements.namedItem(name);
    if (field && 'value' in field && typeof field.value === 'string' && field.value !== '') set(field.value);
  }
}
