import { useTranslation } from 'react-i18next';
import { invitationDe } from './de';
import { invitationEn } from './en';

export const INVITATION_NAMESPACE = 'authInvitation';

/** `t` of the Invitation screen; its texts join the shared i18next instance on first render. */
export function useInvitationTranslation() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', INVITATION_NAMESPACE)) {
    i18n.addResourceBundle('en', INVITATION_NAMESPACE, invitationEn);
    i18n.addResourceBundle('de', INVITATION_NAMESPACE, invitationDe);
  }
  return useTranslation(INVITATION_NAMESPACE);
}
