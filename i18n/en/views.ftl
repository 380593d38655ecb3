# Shared widgets (src/app/widgets: timeline, material preview, …) and the generic views
# (src/app/views: Summary, Hex, Raw fields).

## Timeline
timeline-span-frames = of { $n ->
    [one] { $n } frame
   *[other] { $n } frames
    } (0–{ $last })
timeline-span-ms = of { $n } ms
timeline-frames-suffix = frames
timeline-play-tip = Play or pause (Space)
timeline-loop = Loop
timeline-loop-tip = Wrap at the end instead of stopping
timeline-speed-tip = Playback speed
timeline-time = Time
timeline-fit = Fit
timeline-fit-tip = Show the whole length (wheel zooms, Shift+wheel pans)
