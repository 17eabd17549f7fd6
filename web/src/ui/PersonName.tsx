/**
 * A member's display name, else their e-mail address with a line-break opportunity after the @:
 * a narrow column wraps it as "ada.lovelace@" / "firm.example" instead of letter by letter.
 */
export function PersonName({ name, email }: { name: string | null; email: string }) {
  if (name) return <>{name}</>;
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  // Each half keeps together (a table cell would otherwise break it anywhere to fit): a column too
  // narrow for the longer half makes its table scroll sideways in its box.
  return (
    <>
      <span className="whitespace-nowrap">{email.slice(0, at + 1)}</span>
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at + 1)}</span>
    </>
  );
}
