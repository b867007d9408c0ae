// The guest details step: who is sending thanks. Looks the guest up and records the profile visit.
import { useId } from 'react';
import { ErrorMessage, Field, Form, Formik, useField } from 'formik';
import type { UserDetails } from '../../api/contract/types';
import { useCreateWebUserMutation, useRecordProfileClickMutation } from './gratitudeApi';
import {
  EMAIL_LABEL,
  FULL_NAME_LABEL,
  guestDetailsSchema,
  type GuestDetailsValues,
} from './schemas';
import { type Guest } from '../../api/contract/guest';
import './GratitudeForms.css';

export const CONNECTION_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** The API's own message for a refused request; the generic one for a lost connection. */
export function serverErrorMessage(error: unknown): string {
  const data = (error as { data?: unknown } | null)?.data;
  const message = (data as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : CONNECTION_ERROR_MESSAGE;
}

interface GuestDetailsFormProps {
  profile: Pick<UserDetails, '_id'>;
  /** What was entered before (the step is shown again after Back). */
  initialValues: GuestDetailsValues;
  /** A lookup that failed, shown above Submit. */
  serverError?: string | null;
  /**
   * Called at once with the trimmed values, and the guest's lookup still under way: the next
   * step shows without waiting for it.
   */
  onDone: (values: GuestDetailsValues, lookup: Promise<Guest>) => void;
}

/** Looks the guest up (their id) and records the profile visit, which is only analytics. */
export function useGuestLookup(profile: Pick<UserDetails, '_id'>) {
  const [createWebUser] = useCreateWebUserMutation();
  const [recordProfileClick] = useRecordProfileClickMutation();
  return async (values: GuestDetailsValues): Promise<Guest> => {
    const { userId } = await createWebUser(values).unwrap();
    // A failed record must not keep the guest from sending thanks.
    recordProfileClick({
      userProfileId: profile._id,
      profileClickBy: userId,
      guestName: values.fullName,
    })
      .unwrap()
      .catch((error: unknown) => console.error('Failed to record the profile click', error));
    return { userId, ...values };
  };
}

export function GuestDetailsForm({
  profile,
  initialValues,
  serverError = null,
  onDone,
}: GuestDetailsFormProps) {
  const lookUp = useGuestLookup(profile);
  return (
    <Formik<GuestDetailsValues>
      initialValues={initialValues}
      validationSchema={guestDetailsSchema}
      onSubmit={(values) => {
        // Formik validates the trimmed values but hands over the raw ones.
        const guestValues = guestDetailsSchema.cast(values);
        onDone(guestValues, lookUp(guestValues));
      }}
    >
      {({ isSubmitting }) => (
        <Form className="gratitude-form" noValidate aria-label="Your details">
          <TextField name="fullName" label={FULL_NAME_LABEL} autoComplete="name" />
          <TextField name="email" label={EMAIL_LABEL} type="email" autoComplete="email" />
          <div role="alert" className="gratitude-form__server-error">
            {serverError}
          </div>
          <button type="submit" className="button gratitude-form__submit" disabled={isSubmitting}>
            Submit
          </button>
        </Form>
      )}
    </Formik>
  );
}

interface TextFieldProps {
  name: keyof GuestDetailsValues;
  label: string;
  type?: 'text' | 'email';
  autoComplete: string;
}

function TextField({ name, label, type = 'text', autoComplete }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [, meta] = useField(name);
  const invalid = meta.touched && Boolean(meta.error);
  return (
    <div className="gratitude-form__field">
      <label htmlFor={id} className="gratitude-form__label">
        {label}
      </label>
      <Field
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className="gratitude-form__input"
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
      />
      <ErrorMessage name={name}>
        {(message) => (
          <p id={errorId} className="gratitude-form__error">
            {message}
          </p>
        )}
      </ErrorMessage>
    </div>
  );
}
