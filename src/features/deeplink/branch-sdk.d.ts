// The part of branch-sdk (2.89, no bundled types) that the adapter in branch.ts uses.
declare module 'branch-sdk' {
  export interface BranchSessionData {
    /** The link data as Branch sent it: a JSON string. */
    data: string;
    /** The link data parsed: `+clicked_branch_link`, `~referring_link`, custom keys... */
    data_parsed: Record<string, unknown>;
    has_app: boolean | null;
    identity: string | null;
    referring_link: string | null;
  }

  export interface BranchInitOptions {
    branch_match_id?: string;
    no_journeys?: boolean;
    timeout?: number;
    retries?: number;
  }

  export interface BranchSdk {
    /** Replaces https://api2.branch.io; only dotted host names or IPv4 addresses are accepted. */
    setAPIUrl(url: string): void;
    getAPIUrl(): string;
    init(
      branchKey: string,
      options: BranchInitOptions,
      callback: (error: Error | null, data: BranchSessionData | null) => void,
    ): void;
  }

  const branch: BranchSdk;
  export default branch;
}
