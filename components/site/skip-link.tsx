/** First focusable element of every public page: jumps past the header to #main-content. */
export function SkipLink() {
  return (
    <a href="#main-content" className="skip-link">
      Skip to main content
    </a>
  );
}
