import { Button, createTheme, NumberInput, PasswordInput, Select, TextInput, Checkbox } from '@mantine/core';

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
