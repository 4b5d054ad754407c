/** Texts of the formatters, in the `common` namespace under `format`. */
export const formatEn = {
  alertPeriod: {
    minutes: '{{value}} min',
    hours: '{{value}} h',
  },
};
