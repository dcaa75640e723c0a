import type { ConsoleGroupsAnswer } from '@portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, isRoute, ok, type FakeRequest } from '../../../test/fake-api';
import { renderWithAccount } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { AdminRoutes } from '../shell/admin-routes';

const admin = sampleAccount({ roles: ['admin'] });
type Group = ConsoleGroupsAnswer['groups'][number];

const staff = (sso: Group['sso']): ConsoleGroupsAnswer => ({
  groups: [
    {
      _id: 'staff',
      name: { 'en-US': 'Staff', 'fr-CA': 'Personnel' },
      topics: [],
      admins: [],
      members: 3,
      cohorts: [],
      sso,
    },
  ],
  topics: [],
});

const SET = staff({
  issuer: 'https://idp.example.com',
  clientId: 'portal',
  secretSet: true,
  prompt: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem('token');
});

describe('a group’s single sign-on in the console', () => {
  it(
    'tests a provider and says what is wrong, keeps the secret set when left empty, and shows a refused secret by its field',
    { timeout: 15_000 },
    async () => {
      const requests: FakeRequest[] = [];
      let saves = 0;
      fakeApi((request) => {
        requests.push(request);
        if (isRoute(request, 'consoleGroups')) return ok(SET);
        if (isRoute(request, 'testConsoleGroupSso'))
          return ok({
            ok: false,
            issuer: 'https://idp.example.org',
            problem: 'issuerMismatch',
            detail:
              'The discovery document names the issuer "https://other.example", not https://idp.example.org',
            endpoints: null,
          });
        if (isRoute(request, 'saveConsoleGroupSso')) {
          saves += 1;
          if (saves === 2)
            return {
              status: 400,
              body: {
                errors: ['The secret set was given for another issuer.'],
                errfor: { clientSecret: 'The secret set was given for another issuer.' },
              },
            };
          return ok({ group: SET.groups[0] });
        }
        return undefined;
      });
      const { container } = renderWithAccount(
        <Routes>
          <Route path="/admin/*" element={<AdminRoutes />} />
        </Routes>,
        admin,
        { path: '/admin/groups/staff' },
      );
      const form = await screen.findByRole('form', { name: 'Single sign-on' });
      expect(within(form).getByText(/\/oauth\/callback\/staff$/)).toBeTruthy();
      expect(within(form).getByText(/A secret is set/)).toBeTruthy();

      const issuer = within(form).getByLabelText('Issuer');
      fireEvent.change(issuer, { target: { value: 'https://idp.example.org' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Test the connection' }));
      expect(
        await within(form).findByText(
          'The provider names itself differently: use the issuer its discovery document names.',
        ),
      ).toBeTruthy();
      const sent = requests.find((r) => isRoute(r, 'testConsoleGroupSso'))!;
      expect(sent.body).toEqual({ issuer: 'https://idp.example.org' });

      // Saved as it was: no secret is sent, so the one set stays.
      fireEvent.change(issuer, { target: { value: 'https://idp.example.com' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
      expect(await within(form).findByText(/Single sign-on saved/)).toBeTruthy();
      const first = requests.filter((r) => isRoute(r, 'saveConsoleGroupSso'))[0]!;
      expect(first.body).toEqual({
        sso: { issuer: 'https://idp.example.com', clientId: 'portal' },
      });

      // Another issuer without a secret: refused, said by the secret's field.
      fireEvent.change(issuer, { target: { value: 'https://idp.example.org' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
      const secret = within(form).getByLabelText('Client secret');
      await waitFor(() => expect(secret.getAttribute('aria-invalid')).toBe('true'));
      expect(within(form).getByText('The secret set was given for another issuer.')).toBeTruthy();
      const result = await axe.run(container, { rules: { region: { enabled: false } } });
      expect(result.violations.map((v) => v.id)).toEqual([]);
    },
  );
});
