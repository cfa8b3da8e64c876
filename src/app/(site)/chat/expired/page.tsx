import Link from 'next/link'

export const metadata = { title: 'Chat link expired', robots: { index: false } }

export default function ChatLinkExpired() {
  return (
    <div className="container not-found">
      <h1>This chat link has expired</h1>
      <p>Our chat is not available through this link any more. You can still reach us:</p>
      <ul>
        <li>
          <Link href="/contact">Send us a message</Link>
        </li>
        <li>
          <Link href="/">Go to the home page</Link>
        </li>
      </ul>
    </div>
  )
}
