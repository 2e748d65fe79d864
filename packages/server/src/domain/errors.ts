/**
 * A client's mistake or a business rule the domain refuses: `errCode` from the contract's catalogue, a message the
 * caller may read, and the HTTP status of the answer (200 for the business answers of the spec's envelope). The
 * domain knows nothing of HTTP: `http/api.ts` maps it to the envelope (decision 0191).
 */
export class DomainError extends Error {
  readonly errCode: number;
  readonly status: number;
  constructor(errCode: number, message: string, status = 200) {
    super(message);
    this.errCode = errCode;
    this.status = status;
  }
}
