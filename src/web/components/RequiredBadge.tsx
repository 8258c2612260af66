import { Badge } from '@mantine/core';

/** The 必須 mark of a required field's label. */
export function RequiredBadge() {
  return (
    <Badge color="red" size="sm" radius="sm" ml={8} component="span" style={{ verticalAlign: 'middle' }}>
      必須
    </Badge>
  );
}

/** A label followed by the required mark, for inputs whose label is a node. */
export function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      {children}
      <RequiredBadge />
    </>
  );
}
