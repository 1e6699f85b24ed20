import {
  type AlertProps,
  type BadgeProps,
  Button,
  type CSSVariablesResolver,
  createTheme,
  InputWrapper,
  type ModalProps,
  type TableProps,
} from '@mantine/core';

/**
 * Default props for components that the sign-in page does not show, as plain theme entries
 * (`Modal.extend(...)` would import the component, and with it its dependencies, into the first script).
 */
const defaults = <P>(defaultProps: Partial<P>) => ({ defaultProps });

/**
 * A calm, professional theme. Colours are chosen for WCAG 2.2 AA: the primary shade and the
 * "dimmed" text meet 4.5:1 on white.
 */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: {
    brand: [
      '#eaf2fb',
      '#d3e2f3',
      '#a6c3e6',
      '#76a3d9',
      '#4f88ce',
      '#3676c7',
      '#276cc4',
      '#1c5aa8',
      '#164f94',
      '#0a4382',
    ],
  },
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Roboto, "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  autoContrast: true,
  components: {
    // Label, then the error, then the input: server messages show under the field label.
    InputWrapper: InputWrapper.extend({
      defaultProps: { inputWrapperOrder: ['label', 'description', 'error', 'input'] },
    }),
    Button: Button.extend({ defaultProps: { fw: 600 } }),
    Badge: defaults<BadgeProps>({ radius: 'sm' }),
    // A yellow alert's title in Mantine's yellow is 1.9:1 on its pale background; this amber is 6.9:1.
    Alert: {
      vars: (_theme: unknown, props: AlertProps) =>
        props.color === 'yellow' ? { root: { '--alert-color': '#7a4a00' } } : { root: {} },
    },
    Modal: defaults<ModalProps>({ centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } }),
    Table: defaults<TableProps>({ verticalSpacing: 'sm', highlightOnHover: true }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Mantine's default dimmed grey is 3.3:1 on white; this one is 7:1.
    '--mantine-color-dimmed': '#55606b',
    '--mantine-color-body': '#ffffff',
    // Error text under field labels: Mantine's red.6 is 3.3:1 on white; this is 5.5:1.
    '--mantine-color-error': '#c92a2a',
    // Placeholders are read too: gray.5 is 2.2:1, this is 4.8:1.
    '--mantine-color-placeholder': '#6b7480',
  },
  dark: {},
});
