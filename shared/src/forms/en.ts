/** Texts of the shared form fields (namespace `forms`). */
export const formsEn = {
  password: {
    show: 'Show',
    hide: 'Hide',
    showLabel: 'Show password',
    hideLabel: 'Hide password',
  },
};
