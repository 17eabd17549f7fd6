import { Link, useLocation } from 'react-router';

/** The billing page's address that brings the buyer back here once paid (`next`, checked by safe-next-path.ts there and on the server). */
function billingHrefBack(path: string): string {
  return `/settings/billing?next=${encodeURIComponent(path)}`;
}

/**
 * "Buy credits" from a page that needed them: the billing page carries this page's address
 * through Stripe Checkout and returns here after the payment is confirmed (issue 22 item 4).
 */
export function BuyCreditsLink() {
  const here = useLocation();
  return (
    <Link className="font-semibold underline" to={billingHrefBack(`${here.pathname}${here.search}`)}>
      Buy credits
    </Link>
  );
}
