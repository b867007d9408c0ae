import { useState } from 'react';
import { Field, Formik } from 'formik';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormValuesObserver } from './FormValuesObserver';

interface Values {
  name: string;
}

/** A form whose parent re-renders on its own and hands a new function each time, as the flow does. */
function DraftedForm({ write }: { write: (values: Values) => void }) {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders((count) => count + 1)}>
        Render again ({renders})
      </button>
      <Formik<Values> initialValues={{ name: '' }} onSubmit={() => {}}>
        <>
          <FormValuesObserver<Values> onChange={(values) => write(values)} />
          <Field name="name" aria-label="Name" />
        </>
      </Formik>
    </>
  );
}

describe('FormValuesObserver', () => {
  it('tells each change of the values once, not every render of its parent, to the newest function', async () => {
    const user = userEvent.setup();
    const first = jest.fn();
    const write = jest.fn<void, [Values]>();
    const { rerender } = render(<DraftedForm write={first} />);
    rerender(<DraftedForm write={write} />);
    const again = screen.getByRole('button', { name: /Render again/ });

    // Nothing has changed yet: there is nothing to keep.
    await user.click(again);
    await user.click(again);
    expect(write).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana');
    expect(write.mock.calls.map(([values]) => values.name)).toEqual(['A', 'An', 'Ana']);

    await user.click(again);
    await user.click(again);
    expect(write).toHaveBeenCalledTimes(3);
    expect(first).not.toHaveBeenCalled();
  });
});
