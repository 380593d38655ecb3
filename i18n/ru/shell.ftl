# Оболочка: меню, счётчики, которые везде звучат одинаково.

menu-file = Файл
menu-edit = Правка
menu-entry = Запись
menu-view = Вид
menu-help = Справка
menu-language = Язык
menu-open-recent = Недавние
menu-undo-what = Отменить: { $what }
menu-redo-what = Повторить: { $what }
menu-external-program = Внешняя программа
menu-external-program-label = «Править во внешней программе» открывает файлы в:
menu-external-program-hint = программа по умолчанию
menu-external-program-tip = Имя программы или путь (gimp, krita, code); пусто — программа по умолчанию для PNG или текста

files-count = { $n ->
    [one] { $n } файл
    [few] { $n } файла
    [many] { $n } файлов
   *[other] { $n } файла
}
