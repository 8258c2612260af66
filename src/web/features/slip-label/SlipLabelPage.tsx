import { Alert, Button, Card, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMemo, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { StepBackButton } from '../../components/BackButton.tsx';
import { barcodeImage } from './barcodes.ts';
import { LABELS_MAX, labelEntries, readLabelSlips } from './label-slip.ts';
import classes from './slip-label.module.css';

/** The label's inner width, between its 6 mm margins. */
const INNER_WIDTH_MM = 50;

/**
 * ラベル印刷 (docs/PRODUCT.md#slip-label): the slips of the address, each as Code 128 and QR on a
 * label of its own, printed together, one label a page, for a label printer.
 */
export function SlipLabelPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const entries = labelEntries(searchParams.getAll('slip_no').join('\n'));
  const { slips, refused, duplicates } = readLabelSlips(entries);
  const asked = entries.join('\n');

  return (
    // Built here rather than with Page, so that printing can take away the frames around the labels.
    <Container size="xl" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }} className={classes.frame}>
      <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} className={classes.frame}>
        <Group justify="space-between" mb="md" wrap="wrap" className={classes.screenOnly}>
          <Title order={1} size="h2">
            ラベル印刷
          </Title>
          <StepBackButton parent="home" />
        </Group>
        <Stack gap="lg">
          {/* Keyed by the address, so that Back and Forward show their own slips in the field. */}
          <SlipForm key={asked} asked={asked} onShow={(typed) => setSearchParams({ slip_no: labelEntries(typed) })} />
          {refused.length > 0 && (
            <Alert color="red" role="alert" className={classes.screenOnly}>
              <Stack gap={4}>
                {refused.map((message) => (
                  <Text size="lg" key={message}>
                    {message}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          {slips.length > 0 && (
            <>
              <Group align="center" gap="lg" className={classes.screenOnly}>
                <Button size="xl" onClick={() => window.print()}>
                  印刷
                </Button>
                <Stack gap={4}>
                  <Text size="lg" fw={700} role="status">
                    {slips.length}枚を印刷します。
                  </Text>
                  {duplicates.length > 0 && <Text>重複した作業伝票Noは1枚だけ印刷します：{duplicates.join('、')}</Text>}
                  <Text c="dimmed" maw={560}>
                    幅62mm・長さ100mmのラベルに、1枚ずつ実寸で印刷します。印刷の設定で用紙をラベルに合わせ、余白はなしにしてください。
                  </Text>
                </Stack>
              </Group>
              <div className={classes.labels}>
                {slips.map((slipNo) => (
                  <SlipLabel key={slipNo} slipNo={slipNo} />
                ))}
              </div>
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}

/**
 * 作業伝票No and 表示, which puts the slips into the address. A scanner's Enter starts a new line, so
 * that a batch is scanned one slip after another; Ctrl+Enter (⌘+Enter) shows them as 表示 does. The
 * field takes any length, so that a slip too long is refused with its message rather than cut to
 * another slip's number.
 */
function SlipForm({ asked, onShow }: { asked: string; onShow: (typed: string) => void }) {
  // The slips shown end with a new line, so that the next scan starts a line of its own instead of
  // running into the last slip (24-118724-1190, a slip number of its own).
  const [typed, setTyped] = useState(asked === '' ? '' : `${asked}\n`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onShow(typed);
  };
  const showOnControlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
  };
  return (
    <form onSubmit={submit} className={classes.screenOnly}>
      <Group align="flex-start" gap="sm">
        <Textarea
          label="作業伝票No"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={showOnControlEnter}
          autoComplete="off"
          autosize
          minRows={3}
          maxRows={8}
          w={{ base: '100%', sm: 420 }}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={`1行に1枚（スキャナーで続けて読み取れます）。空白・カンマ・読点（、）でも区切れます。24-1187〜24-1195 のように〜でつなぐと、続き番号をまとめて入力できます（${LABELS_MAX}枚まで）。Ctrl+Enterでも表示します。`}
        />
        {/* Level with the field's box, under its label, however many lines the field grows to. */}
        <Button type="submit" variant="default" mt={25}>
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
