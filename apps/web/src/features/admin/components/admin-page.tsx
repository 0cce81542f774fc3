import type { AdminSection } from '@pinhole/contracts';
import { adminSections, pagePaths } from '@pinhole/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AuditPanel } from './audit-panel';
import { InstancePanel } from './instance-panel';
import { InvitesPanel } from './invites-panel';
import { MailNotice } from './mail-notice';
import { ReportsPanel } from './reports-panel';
import { ServersPanel } from './servers-panel';
import { StatsPanel } from './stats-panel';
import { UsersPanel } from './users-panel';

// Words only: every icon used anywhere ships in the first script; the row scrolls on a phone.
const sections: { value: AdminSection; label: string }[] = [
  { value: 'reports', label: 'Reports' },
  { value: 'users', label: 'Users' },
  { value: 'servers', label: 'Servers' },
  { value: 'invites', label: 'Invites' },
  { value: 'numbers', label: 'Numbers' },
  { value: 'about', label: 'About page' },
  { value: 'audit', label: 'Audit log' },
];

/** The tab an address names: `/admin/users` → users; `/admin` (or anything else) → reports. */
function sectionOf(pathname: string): AdminSection {
  return adminSections.find((section) => pagePaths.admin.to(section) === pathname) ?? 'reports';
}

/**
 * The admin's page: one tab per job, each loading its data when first opened. The address says
 * which tab is open (a reload, Back or a shared link keeps it), so the tab is read from it.
 */
export function AdminPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const section = sectionOf(pathname);
  // Radix changes the tab on the press and again on the focus that follows, before the address
  // has changed: one entry in the history per tab chosen, not two (Back would seem stuck).
  const requested = useRef(section);
  useEffect(() => {
    requested.current = section;
  }, [section]);
  const choose = (next: AdminSection) => {
    if (next === requested.current) return;
    requested.current = next;
    void navigate(pagePaths.admin.to(next));
  };
  return (
    <div className="mx-auto flex w-full max-w-[935px] flex-col gap-5 px-4 pt-6 pb-24 sm:pt-10">
      <h1 className="text-xl font-semibold">Admin</h1>
      <MailNotice />
      <Tabs.Root value={section} onValueChange={(value) => choose(value as AdminSection)}>
        <Tabs.List
          aria-label="Admin sections"
          className="-mx-4 flex overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0"
        >
          {sections.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px flex shrink-0 items-center border-b-2 border-transparent px-2.5 py-2.5 sm:px-4 text-sm font-semibold whitespace-nowrap text-muted data-[state=active]:border-neutral-900 data-[state=active]:text-neutral-900"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="reports" className="pt-5">
          <ReportsPanel />
        </Tabs.Content>
        <Tabs.Content value="users" className="pt-5">
          <UsersPanel />
        </Tabs.Content>
        <Tabs.Content value="servers" className="pt-5">
          <ServersPanel />
        </Tabs.Content>
        <Tabs.Content value="invites" className="pt-5">
          <InvitesPanel />
        </Tabs.Content>
        <Tabs.Content value="numbers" className="pt-5">
          <StatsPanel />
        </Tabs.Content>
        <Tabs.Content value="about" className="pt-5">
          <InstancePanel />
        </Tabs.Content>
        <Tabs.Content value="audit" className="pt-5">
          <AuditPanel />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
