import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, renderPage } from '../test/renderPage';
import MFAActivatePage from './MFAActivatePage';

const path = '/auth/2fa/totp/activate/';
const notFound = {
  status: 404,
  meta: {
    secret: 'J4ZKKXTK7NOVU7EPUVY23LCDV4T2QZYM',
    totp_url: 'otpauth://totp/Portal:ada@example.com?secret=J4ZKKXTK7NOVU7EPUVY23LCDV4T2QZYM&issuer=Portal',
  },
};

describe('MFAActivatePage', () => {
  it('shows the QR code, drawn locally, and the key with Copy', async () => {
    const identity = fakeIdentity({ getTotp: notFound });
    const { user, portal } = renderPage(<MFAActivatePage />, { path, identity });
    const qr = (await screen.findByRole('img', {
      name: 'QR code to set up the authenticator app',
    })) as HTMLImageElement;
    expect(qr.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(qr.src)).toContain('<svg');
    expect((screen.getByLabelText('Key') as HTMLInputElement).value).toBe(notFound.meta.secret);
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(portal.copy).toHaveBeenCalledWith(notFound.meta.secret);
  });

  it('validates the code, activates, then goes to the recovery codes', async () => {
    const identity = fakeIdentity({
      getTotp: notFound,
      activateTotp: { status: 200, data: { type: 'totp' } as never },
    });
    const { user, portal } = renderPage(<MFAActivatePage />, { path, identity });
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(screen.getByText('Required')).toBeTruthy();
    expect(identity.activateTotp).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Authenticator code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(identity.activateTotp).toHaveBeenCalledWith('123456');
    expect(portal.navigate).toHaveBeenCalledWith('/auth/2fa/recovery-codes/');
  });

  it('shows an incorrect code on the field', async () => {
    const identity = fakeIdentity({
      getTotp: notFound,
      activateTotp: {
        status: 400,
        errors: [{ code: 'incorrect_code', message: 'Incorrect code.', param: 'code' }],
      },
    });
    const { user, portal } = renderPage(<MFAActivatePage />, { path, identity });
    await user.type(await screen.findByLabelText(/^Authenticator code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Incorrect code.')).toBeTruthy();
    expect(portal.navigate).not.toHaveBeenCalled();
  });

  it('already active: says so', async () => {
    const identity = fakeIdentity({ getTotp: { status: 200, data: { type: 'totp' } as never } });
    renderPage(<MFAActivatePage />, { path, identity });
    expect(await screen.findByText('The authenticator app is already active.')).toBeTruthy();
  });
});
