import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/renderPage';
import { workspaceClient } from '../test/workspaceClient';
import { PreferencesTab } from './PreferencesTab';
import { filterZones, zoneOptions } from './timeZones';

describe('time zones', () => {
  it('the full IANA list with UTC; searching by words of the name', () => {
    const options = zoneOptions();
    expect(options.length).toBeGreaterThan(300);
    expect(options.map((o) => o.zone)).toContain('UTC');
    expect(filterZones(options, 'new york').map((o) => o.zone)).toEqual(['America/New_York']);
    expect(filterZones(options, 'zzz')).toEqual([]);
  });
});

describe('Profile › Preferences', () => {
  it('saves the zone, date and time format; the example follows the choice', async () => {
    const api = workspaceClient({
      UpdatePreferences: (variables) => ({
        data: {
          updatePreferences: {
            __typename: 'Me',
            user: { __typename: 'MeUser', email: 'ada@example.com', ...(variables.input as object) },
          },
        },
      }),
    });
    const { user, portal } = renderPage(<PreferencesTab />, { graphql: api.client });
    // the portal's preferences in the test: UTC, DD.MM.YYYY, 24h
    const zone = screen.getByRole('combobox', { name: /Time zone/ }) as HTMLInputElement;
    expect(zone.value).toMatch(/^UTC/);
    expect(screen.getByText(/^Example: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBeTruthy();
    await user.click(zone);
    await user.clear(zone);
    await user.paste('tokyo');
    await user.click(await screen.findByRole('option', { name: /Asia\/Tokyo/ }));
    await user.click(screen.getByRole('radio', { name: 'MM/DD/YYYY' }));
    await user.click(screen.getByRole('radio', { name: '12 hours (AM/PM)' }));
    expect(screen.getByText(/^Example: \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(portal.notify).toHaveBeenCalledWith({
        type: 'success',
        message: 'Your preferences have been saved.',
      }),
    );
    expect(api.sent()[0]).toMatchObject({
      operationName: 'UpdatePreferences',
      variables: { input: { timezone: 'Asia/Tokyo', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' } },
    });
  });

  it('a zone typed but not chosen: nothing matches, and leaving the field goes back to the chosen one', async () => {
    const api = workspaceClient({});
    const { user } = renderPage(<PreferencesTab />, { graphql: api.client });
    const zone = screen.getByRole('combobox', { name: /Time zone/ });
    await user.click(zone);
    await user.clear(zone);
    await user.paste('Mars');
    expect(await screen.findByText('No time zone matches "Mars".')).toBeTruthy();
    await user.tab();
    await waitFor(() => expect((zone as HTMLInputElement).value).toMatch(/^UTC/));
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
