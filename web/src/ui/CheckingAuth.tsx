/** Shown while the stored session is checked against the server on first load (SPEC.md section 2). */
export function CheckingAuth() {
  return (
    <div className="fullscreen-center" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <p>Checking authentication...</p>
    </div>
  );
}
