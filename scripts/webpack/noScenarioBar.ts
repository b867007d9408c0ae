// What a live build (`npm run build:live`) gets for src/features/scenarios/ScenarioBar.tsx
// (webpack.config.js): nothing, so the testers' scenario panel, its chunk and its strings are
// not in the build at all (the app shows it only when its config says scenarioPanel anyway).
export function ScenarioBar(): null {
  return null;
}
