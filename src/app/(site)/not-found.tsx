import Link from 'next/link'

export default function NotFound() {
  return (
    <div className="container not-found">
      <h1>We couldn’t find that page</h1>
      <p>The address may be mistyped, or the page may have moved. These might help:</p>
      <ul>
        <li>
          <Link href="/">Go to the home page</Link>
        </li>
        <li>
          <Link href="/services">See our title search services</Link>
        </li>
        <li>
          <Link href="/contact">Contact us</Link>
        </li>
      </ul>
    </div>
  )
}
