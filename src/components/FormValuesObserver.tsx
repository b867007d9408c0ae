// Tells its parent the Formik form's values whenever they change (to keep a draft of them).
import { useEffect, useEffectEvent, useRef } from 'react';
import { useFormikContext } from 'formik';

/**
 * Calls `onChange` once per change of the values (Formik gives each change a new object), never
 * for the values it started with, and never again for a new `onChange` alone: a parent that makes
 * it anew on each render (the flow's draft keeper does) would otherwise write the draft on every
 * render.
 */
export function FormValuesObserver<Values>({ onChange }: { onChange: (values: Values) => void }) {
  const { values } = useFormikContext<Values>();
  const tell = useEffectEvent((changed: Values) => onChange(changed));
  const told = useRef(values);
  useEffect(() => {
    if (told.current === values) return;
    told.current = values;
    tell(values);
  }, [values]);
  return null;
}
