// What the shared steps run in the page: no named inner functions (tsx's helper isn't there).

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

/** Every 20 ms for up to `waitMs`: a status shown for a moment (the 'succeeded') is seen too. */
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
