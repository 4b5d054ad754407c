// `@portal/shared/fields`: the form fields only signed-in pages use, on Fluent components the
// sign-in pages never show (Select, Textarea: @fluentui/react-select and react-textarea, about
// 25 kB decoded). Not part of the root, so the login page does not download them (issue 14);
// stateless, so bundled (tree-shaken) into each app that uses them rather than shared. What they
// need from the root (`fieldError`, `useValidationText`) they import through the package name,
// never by a relative path, so the page keeps one instance of the root. The sign-in fields (text,
// password, checkbox, submit, form error) stay in the root.
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
export { TextareaField, type TextareaFieldProps } from './TextareaField';
