// The adapter's glue around branch-sdk (the SDK itself runs in e2e/deeplink.spec.ts). Only
// branch.ts may import branch-sdk, even its types: the fake describes what it answers.
interface SessionData {
  data: string;
  data_parsed: Record<string, unknown>;
  has_app: boolean | null;
  identity: string | null;
  referring_link: string | null;
}
type InitCallback = (error: Error | null, data: SessionData | null) => void;

let mockApiUrl = 'https://api2.branch.io';

const mockBranch = {
  setAPIUrl: jest.fn((url: string) => {
    // The SDK's own rule: a dotted host name or an IPv4 address.
    if (/^https?:\/\/((\d{1,3}\.){3}\d{1,3}|([a-z\d-]+\.)+[a-z]{2,})(:\d+)?(\/|$)/i.test(url)) {
      mockApiUrl = url;
    }
  }),
  getAPIUrl: jest.fn(() => mockApiUrl),
  init: jest.fn<void, [string, object, InitCallback]>(),
};

jest.mock('branch-sdk', () => ({ __esModule: true, default: mockBranch }));

const sessionData = (linkData: Record<string, unknown>): SessionData => ({
  data: JSON.stringify(linkData),
  data_parsed: linkData,
  has_app: false,
  identity: null,
  referring_link: null,
});

const answers = (linkData: Record<string, unknown>) =>
  mockBranch.init.mockImplementation((_key, _options, callback) =>
    callback(null, sessionData(linkData)),
  );

/** A fresh adapter (its session is per page load, so per module instance). */
function loadAdapter(): typeof import('./branch') {
  let adapter!: typeof import('./branch');
  jest.isolateModules(() => {
    adapter = jest.requireActual<typeof import('./branch')>('./branch');
  });
  return adapter;
}

beforeEach(() => {
  mockApiUrl = 'https://api2.branch.io';
  jest.clearAllMocks();
});

describe('initDeepLinks', () => {
  it('initialises Branch with the key and resolves with the link’s dynamic key', async () => {
    answers({ '+clicked_branch_link': true, dynamicKey: 'ava-martinez' });
    const { initDeepLinks } = loadAdapter();

    await expect(initDeepLinks({ branchKey: 'key_test_x' })).resolves.toEqual({
      dynamicKey: 'ava-martinez',
    });
    expect(mockBranch.init).toHaveBeenCalledWith('key_test_x', {}, expect.any(Function));
    expect(mockBranch.setAPIUrl).not.toHaveBeenCalled();
  });

  it("hands Branch the opening link's click id when the address no longer carries it", async () => {
    answers({ '+clicked_branch_link': true, dynamicKey: 'ava-martinez' });
    const { initDeepLinks } = loadAdapter();

    await initDeepLinks({ branchKey: 'key_test_x', clickId: 'qr-ava' });
    expect(mockBranch.init).toHaveBeenCalledWith(
      'key_test_x',
      { branch_match_id: 'qr-ava' },
      expect.any(Function),
    );
  });

  it.each([
    ['no link', { '+clicked_branch_link': false }],
    ['an empty key', { '+clicked_branch_link': true, dynamicKey: '  ' }],
    ['a key that is not text', { '+clicked_branch_link': true, dynamicKey: 42 }],
  ])('resolves with no dynamic key for %s', async (_case, linkData) => {
    answers(linkData);
    await expect(loadAdapter().initDeepLinks({ branchKey: 'key_test_x' })).resolves.toEqual({
      dynamicKey: null,
    });
  });

  it('rejects with the SDK’s error when initialisation fails', async () => {
    const failure = new Error('Error in API: Status - 400');
    mockBranch.init.mockImplementation((_key, _options, callback) => callback(failure, null));
    await expect(loadAdapter().initDeepLinks({ branchKey: 'key_test_x' })).rejects.toBe(failure);
  });

  it('points the SDK at a configured API, resolving a path against the page', async () => {
    answers({});
    await loadAdapter().initDeepLinks({ branchKey: 'key_test_x', apiUrl: '/__branch' });
    // jsdom's page is http://localhost/
    expect(mockBranch.setAPIUrl).toHaveBeenCalledWith('http://127.0.0.1/__branch');
    expect(mockBranch.setAPIUrl.mock.invocationCallOrder[0]).toBeLessThan(
      mockBranch.init.mock.invocationCallOrder[0]!,
    );
  });

  it('fails rather than send the key to the real API when the SDK refuses the URL', async () => {
    const { initDeepLinks } = loadAdapter();
    await expect(
      initDeepLinks({ branchKey: 'key_test_x', apiUrl: 'http://emulator:3001/__branch' }),
    ).rejects.toThrow('refused the API URL http://emulator:3001/__branch');
    expect(mockBranch.init).not.toHaveBeenCalled();
  });

  it('starts one session per page load, shared by every caller', async () => {
    answers({ dynamicKey: 'sam-lee' });
    const { initDeepLinks } = loadAdapter();
    const first = initDeepLinks({ branchKey: 'key_test_x' });
    const second = initDeepLinks({ branchKey: 'key_test_x' });
    expect(second).toBe(first);
    await first;
    expect(mockBranch.init).toHaveBeenCalledTimes(1);
  });
});

describe('toBranchApiUrl', () => {
  const { toBranchApiUrl } = jest.requireActual<typeof import('./branch')>('./branch');

  it.each([
    ['/__branch', 'http://localhost:4100', 'http://127.0.0.1:4100/__branch'],
    ['http://localhost:3001/__branch/', 'http://localhost:3000', 'http://127.0.0.1:3001/__branch'],
    ['/__branch', 'http://127.0.0.1:4100', 'http://127.0.0.1:4100/__branch'],
    ['https://branch.grati.com', 'https://grati.com', 'https://branch.grati.com'],
  ])('gives %s on %s as %s', (apiUrl, origin, expected) => {
    expect(toBranchApiUrl(apiUrl, origin)).toBe(expected);
  });
});
