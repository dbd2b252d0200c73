@interface EditNavigationController : UINavigationController
@end

@interface HelpScreen : UIViewController
@end
