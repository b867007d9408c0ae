// What the shared steps run inside the page, written once for both drivers (Puppeteer's evaluate,
// WebDriver's execute). tsx names functions as it compiles (keepNames), and a name helper does
// not exist in the page: these bodies hold no named inner function.

/**
 * `POST /api/__scenarios` from the page itself, with its cookies, so the tester cookie the answer
 * sets comes with the page's own later calls. Resolves to the answer's status and body.
 */
export async function chooseScenarioInPage(
  token: string,
  name: string,
  delayMs: number | null,
): Promise<[number, string]> {
  const answer = await fetch('/api/__scenarios', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(delayMs === null ? { name } : { name, delayMs }),
  });
  return [answer.status, await answer.text()];
}

/**
 * Watches the page's status messages (role=status, or an output element) for up to `waitMs`, every
 * 20 ms, until one that is shown reads `text`: a message the page shows for a moment only (the
 * 'succeeded' before the profile) is seen whatever the driver's speed. Resolves to what the shown
 * ones read when it stopped.
 */
export async function watchStatusesInPage(text: string, waitMs: number): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const shown = [...document.querySelectorAll('[role="status"], output')]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => (element.textContent ?? '').trim());
    if (shown.includes(text) || Date.now() > deadline) return shown;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
