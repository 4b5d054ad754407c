// `@portal/shared/ui`: the UI pieces only signed-in pages use, on Fluent components the sign-in
// pages never show (InfoTooltip: @fluentui/react-tooltip). Not part of the root, so the login page
// does not download them (issue 14); stateless, so bundled (tree-shaken) into each app that uses
// them rather than shared. Root things (`useSharedTexts`) come through the package name, never a
// relative path, so the page keeps one instance of the root.
export {
  INFO_TOOLTIP_MAX_WIDTH,
  INFO_TOOLTIP_SHOW_DELAY_MS,
  InfoTooltip,
  type InfoTooltipProps,
} from './InfoTooltip';
