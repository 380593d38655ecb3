# compare

compare-heading = Сравнение
compare-close = Закрыть сравнение
compare-close-tip = Вернуться к вкладкам редакторов
compare-refresh = Обновить
compare-refresh-tip = Сравнить заново (байты редактора в их нынешнем виде)
compare-running = Сравнение…
compare-hint = Дважды щёлкните изменение (или выделите его и нажмите Enter), чтобы увидеть разницу.
compare-from = из { $from }
compare-one-side = Есть только с одной стороны.
compare-renamed = Те же байты под новым именем.
compare-moved = Та же запись на другом месте в порядке архива.
compare-no-details = Подробностей нет.
compare-what-changed = Что изменилось
compare-both-playing = Обе стороны в движении
compare-only-changed = Только изменённые поля
compare-fields-differ = различается { $n } из { $total }
compare-field = Поле
compare-a = A (до)
compare-b = B (после)
compare-identical = совпадает: { $n } (не показаны)
cmpv-unsaved-mark = не сохранено
diff-added = добавлено
diff-removed = удалено
diff-renamed = переименовано
diff-moved = перемещено
diff-changed = изменено
