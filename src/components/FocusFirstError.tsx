// After a submit that failed validation, focus goes to the first field in error: a screen reader
// then reads its label and its message, and a keyboard user is where the fix is.
import { useEffect } from 'react';
import { useFormikContext } from 'formik';

export function FocusFirstError({ form }: { form: React.RefObject<HTMLFormElement | null> }) {
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || isValid) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValid, form]);
  return null;
}
