// /gpay: the Google Pay test page for a fixed 20 dollars (the button arrives with the payments work).
export default function GPayPage() {
  return (
    <section className="page gpay" aria-labelledby="gpay-title">
      <h1 id="gpay-title">Google Pay test</h1>
      <p>A test payment of $20.00 with Google Pay.</p>
    </section>
  );
}
