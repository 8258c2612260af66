import { Button, createTheme, NumberInput, PasswordInput, Select, TextInput, Checkbox, type CSSVariablesResolver } from '@mantine/core';

/**
 * Sized for gloved hands on a 10-inch tablet: controls at least 48px high, text large enough to
 * read at arm's length.
 */
export const theme = createTheme({
  fontFamily: '"Noto Sans JP", "Hiragino Kaku Gothic ProN", "Yu Gothic UI", Meiryo, sans-serif',
  fontSizes: { xs: '0.875rem', sm: '1rem', md: '1.125rem', lg: '1.25rem', xl: '1.5rem' },
  primaryColor: 'blue',
  defaultRadius: 'md',
  components: {
    Button: Button.extend({ defaultProps: { size: 'lg' } }),
    TextInput: TextInput.extend({ defaultProps: { size: 'lg' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { size: 'lg' } }),
    NumberInput: NumberInput.extend({ defaultProps: { size: 'lg' } }),
    Select: Select.extend({ defaultProps: { size: 'lg' } }),
    Checkbox: Checkbox.extend({ defaultProps: { size: 'lg' } }),
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
