// The guest details step: who is sending thanks. Looks the guest up and records the profile visit.
import { useId, useRef } from 'react';
import { ErrorMessage, Field, Form, Formik, useField } from 'formik';
import { FormValuesObserver } from '../../components/FormValuesObserver';
import { FocusFirstError } from '../../components/FocusFirstError';
import { useLengthLimit } from '../../components/useLengthLimit';
import { MAX_FULL_NAME_LENGTH } from '../../api/contract/guest';
import type { UserDetails } from '../../api/contract/types';
import { useCreateWebUserMutation, useRecordProfileClickMutation } from './gratitudeApi';
import {
  EMAIL_LABEL,
  FULL_NAME_LABEL,
  guestDetailsSchema,
  type GuestDetailsValues,
} from './schemas';
import { type Guest } from '../../api/contract/guest';
import { TRY_AGAIN_MESSAGE } from '../../config/messages';
import './GratitudeForms.css';

export const CONNECTION_ERROR_MESSAGE = TRY_AGAIN_MESSAGE;

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
  /** Told of every change (the flow keeps a draft). */
  onValuesChange?: (values: GuestDetailsValues) => void;
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
  onValuesChange,
}: GuestDetailsFormProps) {
  const lookUp = useGuestLookup(profile);
  const formRef = useRef<HTMLFormElement>(null);
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
        <Form ref={formRef} className="gratitude-form" noValidate aria-label="Your details">
          {onValuesChange && <FormValuesObserver onChange={onValuesChange} />}
          <FocusFirstError form={formRef} />
          <TextField
            name="fullName"
            label={FULL_NAME_LABEL}
            autoComplete="name"
            maxLength={MAX_FULL_NAME_LENGTH}
          />
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
  /** Longer text is cut, and the cut said (a live region). */
  maxLength?: number;
}

function TextField({ name, label, type = 'text', autoComplete, maxLength }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const [field, meta, helpers] = useField<string>(name);
  const invalid = meta.touched && Boolean(meta.error);
  const limit = useLengthLimit({
    value: field.value,
    max: maxLength ?? Infinity,
    label,
    onChange: (value) => void helpers.setValue(value),
  });
  const describedBy = [invalid && errorId, limit.note && noteId].filter(Boolean).join(' ');
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
        aria-describedby={describedBy || undefined}
        {...(maxLength !== undefined && { onChange: limit.onChange })}
      />
      {maxLength !== undefined && (
        <p id={noteId} className="gratitude-form__note" aria-live="polite">
          {limit.note}
        </p>
      )}
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
