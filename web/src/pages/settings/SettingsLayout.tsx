import { NavLink, Outlet } from 'react-router';
import { PageHeader } from '../../ui/Layout.tsx';

const items = [
  ['profile', 'Profile'],
  ['members', 'Members'],
  ['practitioner', 'Practitioner'],
  ['billing', 'Billing'],
  ['api-keys', 'API keys'],
  ['connected-apps', 'Connected apps'],
  ['webhooks', 'Webhooks'],
  ['calendar', 'Calendar feed'],
  ['notifications', 'Notifications'],
  ['audit', 'Audit log'],
] as const;

export default function SettingsLayout() {
  return (
    <div>
      <PageHeader title="Settings" />
      <div className="flex flex-col gap-6 md:flex-row">
        <nav aria-label="Settings" className="md:w-48 md:shrink-0">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {items.map(([to, label]) => (
              <li key={to}>
                <NavLink
                  to={`/settings/${to}`}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap ${isActive ? 'bg-blue-100 text-blue-950' : 'text-slate-700 hover:bg-slate-100'}`
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1 space-y-6">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
