import { Link } from 'react-router';
import { PageHeader } from '../ui/Layout.tsx';

export default function NotFound() {
  return (
    <div>
      <PageHeader title="Page not found" description="There is no page at this address." />
      <Link className="font-semibold text-blue-800 underline" to="/">
        Go to the dashboard
      </Link>
    </div>
  );
}
