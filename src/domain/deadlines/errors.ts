// Bad input to the deadline calculator. `field` names the offending input field
// (camelCase, as in DeadlineInput) so the HTTP route and the CLI can point at it.
export class DeadlineInputError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'DeadlineInputError';
    this.field = field;
  }
}
