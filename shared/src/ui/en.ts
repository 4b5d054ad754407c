import { formatEn } from '../format/en';

/**
 * English texts of the shared UI kit and the formatters, in the `common` namespace. They are added
 * to the page's i18next beside the shell's own `common` texts (see `addSharedTexts`), without
 * overwriting a translation that is already there.
 */
export const sharedUiEn = {
  confirm: {
    title: 'Confirm?',
    cancel: 'Cancel',
    confirm: 'Confirm',
    working: 'Working…',
  },
  copy: {
    success: 'Copied to clipboard',
    failure: 'Failed to copy',
  },
  infoTooltip: {
    label: 'More information',
  },
  format: formatEn,
};
