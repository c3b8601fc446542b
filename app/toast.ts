// Toasts: one visible at a time, shown for 5000 ms. Shared by server and browser.
export type Toast = { title: string; message?: string; variant?: "default" | "destructive" };

export const TOAST_DURATION_MS = 5000;
