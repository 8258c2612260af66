import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// Plain objects rather than `Button.extend(…)`: importing a component only to extend it would put its
// code (NumberInput's number formatting, for one) into every screen's first load.
const large = { defaultProps: { size: 'lg' } };

/**
 * Sized for gloved hands on a 10-inch tablet: controls at least 48px high, text large enough to
 * read at arm's length. A device set to reduce motion (an accessibility setting of every system) gets
 * dialogs, menus and lists that appear at once, without their fade and scale.
 */
export const theme = createTheme({
  respectReducedMotion: true,
  fontFamily: '"Noto Sans JP", "Hiragino Kaku Gothic ProN", "Yu Gothic UI", Meiryo, sans-serif',
  fontSizes: { xs: '0.875rem', sm: '1rem', md: '1.125rem', lg: '1.25rem', xl: '1.5rem' },
  primaryColor: 'blue',
  defaultRadius: 'md',
  components: {
    Button: large,
    TextInput: large,
    PasswordInput: large,
    NumberInput: large,
    Select: large,
    Checkbox: large,
  },
});

/**
 * Disabled controls in dark grey on light grey (gray-7 on gray-2, 7:1) instead of Mantine's light
 * grey (1.9:1): a button that cannot be pressed now must still say what it is under shop lights.
 * The flat grey and the missing colour tell it from a button that can.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-disabled-color': 'var(--mantine-color-gray-7)',
    '--mantine-color-disabled-border': 'var(--mantine-color-gray-4)',
  },
  dark: {},
});
