// Why a provider could not answer; the summary route turns the reason into the 'AI Summary Unavailable' panel.
export type AiFailureReason = "timeout" | "unavailable" | "bad-response";

export class AiError extends Error {
  constructor(
    readonly reason: AiFailureReason,
    message: string,
  ) {
    super(message);
    this.name = "AiError";
  }
}
