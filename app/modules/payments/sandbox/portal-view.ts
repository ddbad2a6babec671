/** What the sandbox billing portal page shows (client-safe: the page component renders it). */
export interface SandboxPortalView {
  id: string;
  state: "open" | "expired";
  returnUrl: string;
  subscriptions: {
    id: string;
    planName: string;
    amount: number;
    periodLabel: string;
    status: "active" | "canceled";
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: string;
    endedAt: string | null;
  }[];
}
