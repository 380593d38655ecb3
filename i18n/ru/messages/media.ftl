# Сообщения кодеков и модели документа (media) по-русски: id из msg! в коде,
# английский текст — в самом коде (его печатает командная строка).

## WAV: слой RIFF (src/formats/wav/riff.rs)
wav-not-riff = это не файл RIFF: в начале ожидалось «RIFF»
wav-not-wave = файл RIFF другого вида: ожидалось «WAVE»
wav-riff-size = поле размера RIFF говорит, что за ним { $size } байт, а в файле { $expected }
wav-chunk-cut = блок «{ $id }» по смещению { $at } объявляет { $size } байт, а в файле { $take }; прочитан, сколько есть

## WAV: формат и данные (src/formats/wav/fmt.rs, mod.rs, msadpcm.rs, ima.rs)
wav-no-fmt = нет блока «fmt »
wav-no-data = нет блока «data»
wav-fmt-short = блок «fmt » длиной { $len } байт, а нужно не меньше 16
wav-channels = каналов: { $channels }; читаются только моно и стерео
wav-rate-zero = частота дискретизации 0
wav-pcm-block-align = выравнивание блока PCM { $ba }, а для { $bits } бит × { $ch } ожидалось { $bytes }
wav-pcm-bits = PCM с { $b } битами: читаются только 8 и 16
wav-ms-block-align = выравнивание блока MS-ADPCM { $ba } слишком мало для каналов: { $ch }
wav-ima-block-align = выравнивание блока IMA-ADPCM { $ba }: нужно 4 × { $ch } байт заголовка и целые 4-байтные группы на каждый канал
wav-format-tag = тег формата { $tag }: читаются только PCM (1), MS-ADPCM (2) и IMA-ADPCM (0x11)
wav-samples-per-block = поле «сэмплов в блоке» говорит { $s }, а в блок с выравниванием { $block_align } помещается { $holds }
wav-fact-count = блок «fact» говорит о { $n ->
        [one] { $n } сэмпле
       *[other] { $n } сэмплах
    }, а в данных { $have }
wav-block-no-room = выравнивание блока { $block_align } не оставляет места для сэмплов
wav-last-block-cut = последний блок длиной { $len } байт: его заголовок из { $hdr } байт обрезан
wav-ms-predictor = индекс предсказателя { $p } вне таблицы из { $pairs ->
        [one] { $pairs } пары
       *[other] { $pairs } пар
    }
wav-ima-step-index = индекс шага { $idx } больше 88

## WAV: замена и преобразование (src/formats/wav/convert.rs, import.rs)
wav-resample = передискретизация { $from } Гц в { $rate } Гц: частота 0 или слишком длинный результат
wav-entry-format-unwritable = формат записи нельзя записать: { $why }
wav-decoder-panicked = декодер не справился с этим потоком (файл повреждён?)
wav-import-unknown = это не звук в читаемом формате (WAV, FLAC, Ogg Vorbis, MP3): { $error }
wav-import-no-track = нет звуковой дорожки
wav-import-no-decoder = нет декодера для дорожки: { $error }
wav-import-read = ошибка чтения потока: { $error }
wav-import-too-long = длиннее { $max } сэмплов
wav-import-decode = ошибка декодирования: { $error }
wav-import-no-samples = не декодировано ни одного сэмпла

## WAV: строка сводки (src/formats/wav/mod.rs, Info::summary)
wav-summary-mono = { $codec } · { $rate } Гц · моно · { $seconds } с
wav-summary-mono-block = { $codec } · { $rate } Гц · моно · блок { $block } · { $seconds } с
wav-summary-stereo = { $codec } · { $rate } Гц · стерео · { $seconds } с
wav-summary-stereo-block = { $codec } · { $rate } Гц · стерео · блок { $block } · { $seconds } с
wav-summary-channels = { $codec } · { $rate } Гц · { $n } кан. · { $seconds } с
wav-summary-channels-block = { $codec } · { $rate } Гц · { $n } кан. · блок { $block } · { $seconds } с
