// Tells its parent the Formik form's values whenever they change (to keep a draft of them).
import { useEffect } from 'react';
import { useFormikContext } from 'formik';

export function FormValuesObserver<Values>({ onChange }: { onChange: (values: Values) => void }) {
  const { values } = useFormikContext<Values>();
  useEffect(() => {
    onChange(values);
  }, [values, onChange]);
  return null;
}
