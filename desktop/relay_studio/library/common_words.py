"""Common English words: a SillyTavern key that is one of them "matches common words" (``library/keys.py``).

The list holds everyday nouns, adjectives and verbs a story uses on every page; proper names are not in it.
"""

from __future__ import annotations

_WORDS = """
a about above across act action after again against age ago air all almost alone along already also always
am among an and anger angel animal another answer any anything apple area arm armor armour army around art
as ask at attack aunt autumn away baby back bad bag ball band bank bar bat battle be bear beast beautiful
because bed been before begin behind being believe bell below belt beneath beside best better between big
bird birth bit bite black blade blood blue board boat body bone book boot born both bottle bottom bow box
boy brain branch bread break breath bride bridge bright bring broken brother brown build building burn bush
business but buy by cabin cake call calm camp can candle cap captain car card care carry case castle cat
cause cave chain chair change chapel chest child children church circle city clan class clean clear cliff
cloak clock close cloth cloud coast coat cold color colour come common complete cook cool corner could
council country course court cousin cover crew crime cross crow crown cry cup curse cut dagger dance danger
dark darkness daughter dawn day dead deal death deep demon desert desire destiny devil die dinner dirt do
doctor dog door down dragon dream dress drink drive drop dry duke during dust duty each eagle ear earth east
eat edge egg elder elf else empire empty end enemy energy enough even evening ever every evil eye face fact
fair fairy faith fall false fame family far farm fast fate father fear feast feel fell female few field
fight fill find fine finger fire first fish flame flesh floor flower fly fog follow food fool foot for force
forest forget form fort fortune free friend from front frost fruit full future game garden gate gather
general ghost giant gift girl give glass go god goddess gold golden good grace grass gray great green grey
ground group grow guard guest guild gun hair half hall hand happy harbor harbour hard harm hat hate have he
head heal health hear heart heat heaven heavy hell help her here hero hidden hide high hill him his history
hold hole holy home honor honour hope horn horse hot hour house how human hunger hunt hunter husband ice idea
if ill in inn inside into iron is island it item its jewel job join journey joy just keep key kill kind king
kingdom kiss knife knight know lady lake land language large last late laugh law lead leader leaf learn
leave left leg legend less letter library lie life light like line lion lips little live lock long look lord
lose loss lost lot love low luck machine mad magic magical maid main make male man many map mark market
marriage master may me meal mean meat meet memory men metal middle might mind mine minute mirror miss mist
moment money monster month moon more morning most mother mountain mouth move much music must my name nation
nature near neck need never new news next night no noble none north nose not note nothing now number oath
ocean of off offer office often old on once one only open or order other our out outside over own pack page
pain paint pair palace paper parent park part party pass past path pay peace people person pet pick piece
place plain plan plant play please pocket poem point poison pool poor port power prayer present price pride
priest prince princess prison prize problem promise protect pull queen quest question quick quiet race rain
raise rat read ready real reason red rest rich ride right ring rise river road rock roof room root rope rose
round royal rule ruler run sad safe sail salt same sand save say scale school sea season seat second secret
see seed sell send servant set shadow shape she ship shoe shop shore short should shoulder show side sight
sign silence silent silver simple sin since sing sister sit skin sky sleep slow small smell smile smoke snake
snow so soft soldier some someone son song soon sorrow soul sound south space speak spear spell spirit
spring staff stage stair stand star start state stay steel step stick still stone stop store storm story
strange stranger stream street strength strong student such summer sun sure sweet sword table tail take
tale talk tall tea teacher tear temple than that the their them then there these they thief thing think
this those though thought throne through throw time to today together tomb tongue too tooth top touch tower
town trade train travel treasure tree tribe trip trouble true trust truth try turn under until up upon us
use valley very village voice wait walk wall want war warm warrior was watch water wave way we weak weapon
wear weather week well west what wheel when where which while white who whole why wide wife wild will win
wind window wine wing winter wise witch with within without wizard wolf woman women wood word work world
worm would wound write year yellow yes yet you young your youth
"""

COMMON_WORDS: frozenset[str] = frozenset(_WORDS.split())
