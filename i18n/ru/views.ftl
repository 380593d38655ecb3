# Общие виджеты (src/app/widgets: шкала времени, предпросмотр материала, …) и общие виды
# (src/app/views: «Сводка», «Hex», «Сырые поля»).

## Шкала времени
timeline-span-frames = из { $n ->
    [one] { $n } кадра
   *[other] { $n } кадров
    } (0–{ $last })
timeline-span-ms = из { $n } мс
timeline-frames-suffix = кадр.
timeline-play-tip = Запустить или остановить (пробел)
timeline-loop = Повтор
timeline-loop-tip = В конце начинать сначала, а не останавливаться
timeline-speed-tip = Скорость воспроизведения
timeline-time = Время
timeline-fit = Вместить
timeline-fit-tip = Показать всю длину (колесо масштабирует, Shift+колесо сдвигает)
