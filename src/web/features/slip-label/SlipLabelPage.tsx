import { Alert, Button, Card, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toHalfWidthText } from '../../../domain/dates.ts';
import { StepBackButton } from '../../components/BackButton.tsx';
import { barcodeImage } from './barcodes.ts';
import { readLabelSlip } from './label-slip.ts';
import classes from './slip-label.module.css';

/** The label's inner width, between its 6 mm margins. */
const INNER_WIDTH_MM = 50;

/** ラベル印刷 (docs/PRODUCT.md#slip-label): the slip number of the address as Code 128 and QR, for a label printer. */
export function SlipLabelPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('slip_no');
  const slip = readLabelSlip(asked);

  return (
    // Built here rather than with Page, so that printing can take away the frames around the label.
    <Container size="md" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }} className={classes.frame}>
      <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} className={classes.frame}>
        <Group justify="space-between" mb="md" wrap="wrap" className={classes.screenOnly}>
          <Title order={1} size="h2">
            ラベル印刷
          </Title>
          <StepBackButton parent="home" />
        </Group>
        <Stack gap="lg">
          {/* Keyed by the address, so that Back and Forward show their own slip in the field. */}
          <SlipForm key={asked ?? ''} asked={asked ?? ''} onShow={(slipNo) => setSearchParams({ slip_no: slipNo })} />
          {'refused' in slip ? (
            <Alert color="red" role="alert" className={classes.screenOnly}>
              <Text size="lg">{slip.refused}</Text>
            </Alert>
          ) : (
            <Group align="flex-start" gap="xl">
              <SlipLabel slipNo={slip.slipNo} />
              <Stack gap="sm" align="flex-start" className={classes.screenOnly}>
                <Button size="xl" onClick={() => window.print()}>
                  印刷
                </Button>
                <Text c="dimmed" maw={360}>
                  幅62mm・長さ100mmのラベルに、実寸で印刷します。印刷の設定で用紙をラベルに合わせ、余白はなしにしてください。
                </Text>
              </Stack>
            </Group>
          )}
        </Stack>
      </Card>
    </Container>
  );
}

/**
 * 作業伝票No and 表示, which puts the slip into the address; a scanner's Enter shows it as well. The
 * field takes any length, so that a slip too long is refused with its message rather than cut to
 * another slip's number.
 */
function SlipForm({ asked, onShow }: { asked: string; onShow: (slipNo: string) => void }) {
  const [typed, setTyped] = useState(asked);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onShow(toHalfWidthText(typed).trim());
  };
  return (
    <form onSubmit={submit} className={classes.screenOnly}>
      <Group align="flex-end" gap="sm">
        <TextInput label="作業伝票No" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} autoComplete="off" w={240} />
        <Button type="submit" variant="default">
          表示
        </Button>
      </Group>
    </form>
  );
}

/** The label itself, at its printed size: 作業伝票No, the number, its Code 128 and its QR code. */
function SlipLabel({ slipNo }: { slipNo: string }) {
  const code128 = useMemo(() => barcodeImage('code128', slipNo), [slipNo]);
  const qr = useMemo(() => barcodeImage('qrcode', slipNo), [slipNo]);
  // A digit is about 0.6 of the font's size: up to 12 mm, smaller when the slip would not fit on one line.
  const numberSize = Math.min(12, INNER_WIDTH_MM / (0.62 * slipNo.length));
  return (
    <div className={classes.label} data-testid="slip-label">
      <div className={classes.caption}>作業伝票No</div>
      <div className={classes.number} style={{ fontSize: `${numberSize.toFixed(1)}mm` }}>
        {slipNo}
      </div>
      <img className={classes.code128} src={code128} alt={`Code 128: ${slipNo}`} data-bcid="code128" data-text={slipNo} />
      <img className={classes.qr} src={qr} alt={`QR: ${slipNo}`} data-bcid="qrcode" data-text={slipNo} />
    </div>
  );
}
