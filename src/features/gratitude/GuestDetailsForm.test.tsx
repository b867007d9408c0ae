import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { startMockApi, type RunningMockApi } from '../../../mock-api/testing';
import { GuestDetailsForm } from './GuestDetailsForm';

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
});

afterAll(() => api.close());

function renderForm({
  profileId = 'ava-martinez',
  initialValues = { fullName: '', email: '' },
  serverError = null as string | null,
} = {}) {
  const onDone = jest.fn();
  renderWithProviders(
    <GuestDetailsForm
      profile={{ _id: profileId }}
      initialValues={initialValues}
      serverError={serverError}
      onDone={onDone}
    />,
    { api },
  );
  return { onDone, user: userEvent.setup() };
}

const fullName = () => screen.getByLabelText('Full Name');
const email = () => screen.getByLabelText('Email');
const submit = () => screen.getByRole('button', { name: 'Submit' });

async function submitDetails(name: string, mail: string, profileId?: string) {
  const { user, onDone } = renderForm({ profileId });
  await user.type(fullName(), name);
  await user.type(email(), mail);
  await user.click(submit());
  return onDone;
}

/** The values handed over at once, and the guest its lookup then finds. */
async function handedOver(onDone: jest.Mock) {
  await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  const [values, lookup] = onDone.mock.calls[0] as [unknown, Promise<{ userId: string }>];
  // The mutation's hooks update as it answers: inside act, as a guest's wait would be.
  let guest = { userId: '' };
  await act(async () => {
    guest = await lookup;
  });
  return { values, guest };
}

describe('GuestDetailsForm', () => {
  it('says which fields are empty, under each field', async () => {
    const { user, onDone } = renderForm();
    await user.click(submit());
    // Full Name's message and description: e2e/keyboard.spec.ts, e2e/reflow.spec.ts.
    expect(fullName()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription('Email is not allowed to be empty');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  });

  // A longer top-level domain (example.travel) taken: e2e/recognition.spec.ts.
  it('refuses an email without a top-level domain', async () => {
    const { user } = renderForm();
    await user.type(email(), 'jo@example');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription('Please enter a valid email');
  });

  it('keeps 30 characters of a longer name, and says how many were left out', async () => {
    const { user } = renderForm();
    await user.type(fullName(), 'A'.repeat(29));
    await user.paste('BCD');
    expect(fullName()).toHaveValue(`${'A'.repeat(29)}B`);
    const said = '2 characters were left out: Full Name takes up to 30 characters.';
    expect(screen.getByText(said)).toHaveAttribute('aria-live', 'polite');
    expect(fullName()).toHaveAccessibleDescription(said);
  });

  it('looks the guest up, records the profile click and hands over the trimmed details', async () => {
    const onDone = await submitDetails('  Jo Doe ', ' Jo.Doe@Example.com');
    // Handed over at once, with the lookup still under way.
    const { values, guest } = await handedOver(onDone);
    expect(values).toEqual({ fullName: 'Jo Doe', email: 'Jo.Doe@Example.com' });
    expect(guest).toEqual({
      userId: expect.stringMatching(/^guest-/),
      fullName: 'Jo Doe',
      email: 'Jo.Doe@Example.com',
    });
    expect(api.store.db.guests).toContainEqual(
      expect.objectContaining({ userId: guest.userId, email: 'jo.doe@example.com' }),
    );
    await waitFor(() =>
      expect(api.store.db.profileClicks).toContainEqual(
        expect.objectContaining({
          userProfileId: 'ava-martinez',
          profileClickBy: guest.userId,
          guestName: 'Jo Doe',
        }),
      ),
    );
  });

  it('lets the guest on when the profile click cannot be recorded, and logs it', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onDone = await submitDetails('Jo Doe', 'jo@example.com', 'nobody');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to record the profile click', expect.anything()),
    );
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    error.mockRestore();
  });

  it('starts from the details entered before, and shows a failed lookup above Submit', () => {
    renderForm({
      initialValues: { fullName: 'Jo Doe', email: 'jo@example.com' },
      serverError: 'Something went wrong. Please try again.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(fullName()).toHaveValue('Jo Doe');
    expect(email()).toHaveValue('jo@example.com');
    expect(submit()).toBeEnabled();
  });
});
